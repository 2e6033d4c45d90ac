import { test } from "node:test";
import assert from "node:assert/strict";

test("GET /v1/todos lists todos", async () => {
  const res = await fetch("http://localhost:8080/v1/todos");
  assert.equal(res.status, 200);
});
