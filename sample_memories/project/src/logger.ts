import pino from "pino";

// JSON logs, one object a line; pretty-printing is for local use only (pnpm dev | pino-pretty).
export const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });
