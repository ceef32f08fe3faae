# Kasboek's production image. test/dockerfile.test.ts lints this file (Docker cannot run in our
# CI), so keep to what it checks: a named build stage, pinned base images, exec-form commands, a
# non-root user and a health check on /health/ready.
#
# Both stages use the same base image: better-sqlite3 is a native addon compiled (or fetched
# prebuilt) in the build stage, and it only loads on the same Node.js ABI and C library.
# The image runs Node.js 22, the current LTS (Node 20 reached its end of life in April 2026;
# package.json still allows >=20 because our own machines have only 20). The base is pinned by
# digest so that a rebuild gets the same bytes; refresh it deliberately with
# `docker pull node:22-bookworm-slim && docker inspect --format '{{index .RepoDigests 0}}' node:22-bookworm-slim`.

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS build
# what node-gyp needs when no prebuilt better-sqlite3 binary matches this platform
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the package's own `prepare` would build dist/ before the sources are here.
# better-sqlite3 is the one production dependency whose install script matters, so it runs
# on its own.
RUN npm ci --ignore-scripts --no-audit --no-fund \
  && npm rebuild better-sqlite3
COPY scripts ./scripts
COPY src ./src
# the web app (web/) and the typed client it calls the API with
COPY clients/typescript/src ./clients/typescript/src
COPY web ./web
# After the build only production dependencies stay; the runtime stage copies them as they are,
# with the compiled addon.
RUN npm run build \
  && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:22-bookworm-slim@sha256:43ac6c60b8f89723f746e8a92ce91abd5017e627ce1ddfe4238355d3a30b772c AS runtime
WORKDIR /app
# Listen on every interface of the container; the default DATABASE_URL
# (sqlite:./data/kasboek.sqlite) resolves to /app/data, the volume below.
ENV HOST=0.0.0.0 \
  PORT=3000
# package.json says `"type": "module"`, which Node needs to load dist/ at all.
COPY package.json ./
COPY bin ./bin
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The code stays root's and read-only to the service; only the data directory is its own.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks for readiness (database, migrations, Redis).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `docker run IMAGE bootstrap …` (or `docker compose run --rm kasboek bootstrap …`) runs any
# other kasboek command in the same image.
ENTRYPOINT ["node", "bin/kasboek.js"]
CMD ["serve"]
