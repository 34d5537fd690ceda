# Production image: compiled JavaScript on Node 24, no TypeScript tooling at run time.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY drizzle ./drizzle
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
# The embedded database's default place, writable by the unprivileged user (mount a volume there to keep it).
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
# node, not npm start: signals reach the service directly, for a graceful shutdown.
CMD ["node", "dist/main.js"]
