# syntax=docker/dockerfile:1
# The server as an image: the same steps apps/server/test/deploy-directory.test.ts runs (install,
# build, `pnpm --filter @connector/server deploy --prod`), then only the deploy directory on a slim
# Node, as a non-root user. Node 24, the LTS the README recommends and CI runs first (README, "Run every
# test"). No compiler: better-sqlite3 13 ships its Node-API addon prebuilt inside its package.

FROM node:24-bookworm-slim AS build
RUN npm install -g pnpm@11.28.10
WORKDIR /repo
COPY . .
ENV TURBO_TELEMETRY_DISABLED=1
RUN pnpm install --frozen-lockfile
RUN pnpm turbo run build --filter=@connector/server...
RUN pnpm --filter @connector/server deploy --prod /deploy

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=/data/connector.db \
    DEMO_SEED=false
COPY --from=build --chown=root:root /deploy /app
# The SQLite file lives on a volume the unprivileged user owns; with PostgreSQL nothing is written here.
RUN mkdir /data && chown node:node /data
VOLUME /data
WORKDIR /data
USER node
EXPOSE 3000
# Ready means the database answers and the process is not shutting down (it turns 503 on SIGTERM).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server drains open requests and hands back workflow steps on SIGTERM (SHUTDOWN_TIMEOUT_MS, 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "/app/dist/main.js"]
