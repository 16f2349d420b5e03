# syntax=docker/dockerfile:1
# Multi-stage build on the official Node 24 image: dependencies and the production client bundle in a
# build stage; a slim runtime stage as a non-root user, with a HEALTHCHECK on the storefront's liveness (/health/live:
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
# tsx reads the JSX settings (react-jsx) from tsconfig.json (which extends tsconfig.base.json): without them .tsx would compile to React.createElement
COPY --from=build --chown=shop:shop /app/tsconfig.json /app/tsconfig.base.json ./
COPY --from=build --chown=shop:shop /app/src ./src
COPY --from=build --chown=shop:shop /app/views ./views
COPY --from=build --chown=shop:shop /app/workers ./workers
# views import the browser hooks in client/ (they render on the server too)
COPY --from=build --chown=shop:shop /app/client ./client
COPY --from=build --chown=shop:shop /app/locales ./locales
COPY --from=build --chown=shop:shop /app/public ./public
# the operators' command (first admin in production: docker exec -i <container> npm run ops:create-admin -- --email ...)
COPY --from=build --chown=shop:shop /app/scripts ./scripts
USER shop
# 3000: the storefront. The back office listens on 127.0.0.1:3004 inside the container and is not published:
# staff reach it through a private network only (BACKOFFICE_HOST=0.0.0.0 with -p 127.0.0.1:3004:3004 behind a
# VPN or SSH tunnel; README, "The back office").
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/main.ts"]
