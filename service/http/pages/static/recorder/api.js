// The public API, as every client calls it: JSON, the key in the Authorization header only.
import { authorization } from "./key.js";

export class Problem extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.title)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// A fetch that did not reach the server (offline, connection cut): the queue waits for the network.
export class Unreachable extends Error {}

export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const sent = { Accept: "application/json", ...headers, ...authorization() };
  if (body !== undefined) sent["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method, headers: sent, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new Unreachable(String(error));
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!response.ok) throw new Problem(response.status, data);
  return data;
}

export async function text(path) {
  let response;
  try {
    response = await fetch(path, { headers: authorization(), cache: "no-store" });
  } catch (error) {
    throw new Unreachable(String(error));
  }
  if (!response.ok) throw new Problem(response.status, null);
  return response.text();
}
