# The store's image: built on Node 22 (an LTS line), run by the unprivileged `node` user with production
# dependencies only. The same image runs the API (`node dist/server/main.js`), the worker
# (`node dist/server/worker.js`) and migrations (`node dist/server/migrate-cli.js`): see docker-compose.yml.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# The V8 flags the store runs with (scripts/node-flags.mjs).
ENV NODE_OPTIONS=--max-semi-space-size=32
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The districts, upazilas and city thanas the address picker and delivery zones read at start (ADR 059).
COPY --from=build /app/data ./data
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 3001
CMD ["node", "dist/server/main.js"]
