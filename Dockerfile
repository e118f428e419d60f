# LaunchKit: one container, one volume (/data).
#
#   docker build -t launchkit .
#   docker run -d --name launchkit -p 3000:3000 -v launchkit-data:/data launchkit
#
# Stages: deps (all dependencies, native modules compiled once) -> build (the
# React Router production build) and prod-deps (the same node_modules pruned to
# what the server loads at run time) -> runtime (no compiler, no dev
# dependencies, no sources: only the build, production node_modules, the
# migrations and the backup/admin scripts). See docs/decisions/006.
# With podman, build with `--format docker` so HEALTHCHECK is kept.

# ---- deps: every dependency; python3/make/g++ let better-sqlite3 compile when
# no prebuilt binary can be downloaded.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
RUN npm ci && npm cache clean --force

# ---- build: the production build (build/server, build/client).
FROM deps AS build
COPY . .
RUN npm run build

# ---- prod-deps: production dependencies only, reusing the compiled modules.
# tailwindcss and @tailwindcss/vite (CSS, compiled by the build) and
# @react-router/serve (an alternative server, not used: server.js is the
# server) are listed as dependencies but are build-time only; dropping them
# here lets the prune remove vite, which they pull in as a peer. Omitting
# optional packages removes optional peers such as typescript and @types/*
# and build tools' platform binaries. The one optional package the server
# needs, resvg's native binary (SVG → PNG for the logo files), is set aside
# before the prune and put back. better-sqlite3 keeps only its compiled addon
# (no C sources, object files or static library).
FROM deps AS prod-deps
RUN npm pkg delete "dependencies.tailwindcss" "dependencies.@tailwindcss/vite" "dependencies.@react-router/serve" \
  && cp -a node_modules/@resvg /tmp/resvg \
  && npm prune --omit=dev --omit=optional \
  && rm -rf node_modules/@resvg && mv /tmp/resvg node_modules/@resvg \
  && cd node_modules/better-sqlite3 \
  && mv build/Release/better_sqlite3.node /tmp/ \
  && rm -rf build deps src \
  && mkdir -p build/Release && mv /tmp/better_sqlite3.node build/Release/ \
  && cd /app && find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete \
  && npm cache clean --force

# ---- runtime: what the server needs, owned by root and read-only to the app.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/data/launchkit.db \
    MIGRATIONS_DIR=/app/drizzle \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
COPY package.json server.js ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY drizzle ./drizzle
COPY scripts/backup.mjs scripts/admin.mjs scripts/db-copy.mjs ./scripts/
COPY --from=build /app/build ./build
# /data holds the database, the generated session secret, the stored logos
# (inside the database) and the mail outbox. A new named volume takes this
# directory's owner, so the non-root user can write to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) shuts down gracefully and exits 0 within 10 seconds.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
