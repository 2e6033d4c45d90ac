import { createServer } from "node:http";
import { logger } from "./logger.js";
import { route } from "./routes/todos.js";
import { HttpError } from "./errors.js";

// The port used to be hard-coded; it now comes from the environment (fly.io sets PORT).
const PORT = Number(process.env.PORT ?? 8080);

export const server = createServer(async (req, res) => {
  try {
    await route(req, res);
  } catch (err) {
    const status = err instanceof HttpError ? err.status : 500;
    logger.error({ err, url: req.url }, "request failed");
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: status === 500 ? "internal error" : String(err) }));
  }
});

server.listen(PORT, () => logger.info({ port: PORT }, "tally listening"));
