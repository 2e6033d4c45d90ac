import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "../db.js";
import { HttpError } from "../errors.js";

// Routes live under /v1; a breaking change gets /v2 beside it, never an edit of /v1.
export async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === "GET" && req.url === "/v1/todos") {
    const rows = await sql`select id, title, done from todos order by id`;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(rows));
    return;
  }
  throw new HttpError(404, "not found");
}
