// SPDX-License-Identifier: Apache-2.0
// Loads a generated map (server/web/geo-*.js, an ES module for the browser) in Node. Imported
// from a data: URL so that Node reads it as an ES module whatever its version: Debian 12's
// Node 18 reads a .js file outside a "type": "module" package as CommonJS and fails on
// `export default`. The file imports nothing, so no relative import needs resolving.
import { readFileSync } from "node:fs";

export async function loadGeo(path) {
  const text = readFileSync(path, "utf8");
  const url = "data:text/javascript;base64," + Buffer.from(text).toString("base64");
  return (await import(url)).default;
}
