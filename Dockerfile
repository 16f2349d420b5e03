# syntax=docker/dockerfile:1
# Multi-stage build on the official Node 24 image: dependencies, the production client bundle and the built
# server (dist/) in a build stage; a slim runtime stage as a non-root user that runs `node dist/supervisor.js`
# (a process per part, as `npm start`), with a HEALTHCHECK on the storefront's liveness (/health/live:
# the process answers; a down upstream is /health, readiness, and no reason to restart the container).

FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN NODE_ENV=production npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system shop && useradd --system --gid shop --home /app shop \
 && mkdir -p /data && chown shop:shop /data
COPY --from=build --chown=shop:shop /app/node_modules ./node_modules
COPY --from=build --chown=shop:shop /app/package.json ./
# the server as built JavaScript (npm run build, src/build-server.ts): one bundle per process, the piscina
# workers, the operators' script and the commerce database template; plain node runs it, no tsx
COPY --from=build --chown=shop:shop /app/dist ./dist
# read at run time beside the bundles: the migrations (commerce) and the content service's stories
COPY --from=build --chown=shop:shop /app/src/commerce/db/migrations ./src/commerce/db/migrations
COPY --from=build --chown=shop:shop /app/src/content/stories ./src/content/stories
# the browser bundle, icons, product images
COPY --from=build --chown=shop:shop /app/public ./public
USER shop
# 3000: the storefront. The back office listens on 127.0.0.1:3004 inside the container and is not published:
# staff reach it through a private network only (BACKOFFICE_HOST=0.0.0.0 with -p 127.0.0.1:3004:3004 behind a
# VPN or SSH tunnel; README, "The back office").
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The supervisor is PID 1: docker stop's SIGTERM reaches it, and it stops every part within 10 s.
# First admin in production: docker exec -i <container> node dist/ops-create-admin.js --email ...
CMD ["node", "dist/supervisor.js"]
