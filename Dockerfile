# Keyholder in production: one image serving the API and the web app on one port.
#   docker build -t keyholder .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... keyholder
# See compose.yaml for PostgreSQL and an S3-compatible store beside it, and the README's
# "Running in production" for the settings.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM node:24-bookworm-slim
# The app listens on 127.0.0.1 unless told otherwise; in a container the published port arrives
# on the container's own interface, so the image listens on every one of them.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data DEMO_SEED=false
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
