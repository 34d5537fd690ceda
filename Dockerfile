# Production image: the bundled service on Node 24, started by `npm start` as an unprivileged user,
# with no TypeScript, no dev dependency and no build at start.
#
#   docker build -t posts-api .                      builds dist/ and node_modules/ in the image
#   docker build --build-arg PREBUILT=true ...       takes them from the build context instead
#
# PREBUILT=true is for hosts that build the artifacts themselves (`npm run build` and
# `npm ci --omit=dev`, then a context holding package*.json, scripts/, drizzle/, dist/ and
# node_modules/): for example where a build container cannot reach the npm registry.
ARG BASE_IMAGE=node:24-slim

FROM ${BASE_IMAGE} AS build
ARG PREBUILT=false
WORKDIR /app
COPY . .
RUN if [ "$PREBUILT" = true ]; then \
      test -f dist/main.js && test -d node_modules && test ! -e node_modules/typescript \
        || { echo "PREBUILT=true needs dist/ and a production node_modules/ in the build context" >&2; exit 1; }; \
    else \
      npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev --no-audit --no-fund; \
    fi

FROM ${BASE_IMAGE}
# npm's own lines (its "> posts-api start" banner) are silenced: the output is the service's JSON
# lines alone, each one a log collector can read.
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_LOGLEVEL=silent
WORKDIR /app
# Owned by root: the service cannot change its own code; only .data/ (the embedded database's
# default place, mount a volume there to keep it) is writable.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/scripts/build.ts ./scripts/build.ts
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
# npm's start script execs node, so npm's forwarded SIGTERM reaches the service for a graceful drain.
CMD ["npm", "start"]
