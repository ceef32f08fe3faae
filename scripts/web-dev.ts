/**
 * `npm run web:dev`: Vite's dev server for the web app on http://127.0.0.1:5173/app/, with hot
 * reload, passing the API, OAuth and the sign-in pages on to a Kasboek running on
 * KASBOEK_URL (default http://127.0.0.1:3000). web/README.md says how to start that one.
 */
import { createServer } from "vite";
import { webConfig } from "./web-config.js";

const server = await createServer(webConfig(undefined, process.env.KASBOEK_URL));
await server.listen();
server.printUrls();
