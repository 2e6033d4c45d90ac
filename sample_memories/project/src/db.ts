import postgres from "postgres";

export const sql = postgres(process.env.DATABASE_URL ?? "postgres://localhost/tally", {
  max: 5,
  idle_timeout: 20,
});
