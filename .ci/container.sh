#!/usr/bin/env bash
# The production image, built from the Dockerfile's real runtime stage and run as operators run it:
# `npm start` as the unprivileged user, the app directory read-only but for the data volume, on
# the machine's PostgreSQL and Redis (host network); then checked and stopped by SIGTERM under
# load (scripts/container-check.ts).
#
# No public image registry is reachable here, so the base image is made locally: a Debian root
# from debootstrap (cached under /var/cache/posts-api-base) plus the Node 24 binary of the `node`
# package and this machine's npm. The npm registry is not trusted from inside a container here,
# so dist/ and the production node_modules/ are built on the host (PREBUILT=true).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=3390
PG_URL=postgres://postgres@127.0.0.1:5432
REDIS_URL=redis://127.0.0.1:6379
BASE_CACHE=/var/cache/posts-api-base
work=$(mktemp -d)
container="posts-api-ci-$$"
database="posts_api_container_$$"
started_dockerd=""

cleanup() {
  docker rm -f "$container" "$container-embedded" >/dev/null 2>&1 || true
  docker volume rm -f "$container-data" "$container-embedded-data" >/dev/null 2>&1 || true
  # Earlier builds' images, untagged by this one: they would pile up run after run.
  docker image prune -f >/dev/null 2>&1 || true
  psql -q -h 127.0.0.1 -U postgres -c "drop database if exists \"$database\" with (force)" >/dev/null 2>&1 || true
  if [[ -n "$started_dockerd" ]]; then kill "$started_dockerd" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq docker.io debootstrap >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  dockerd >"$work/dockerd.log" 2>&1 &
  started_dockerd=$!
  for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
  docker info >/dev/null 2>&1 || { cat "$work/dockerd.log" >&2; exit 1; }
fi

# Base image: Debian bookworm (minbase) + Node 24 + npm + the `node` user, as node:24-slim has.
node_version=$(npm exec --silent -- node --version)
base="posts-api-base:node-${node_version#v}"
if ! docker image inspect "$base" >/dev/null 2>&1; then
  if [[ ! -s "$BASE_CACHE/bookworm-minbase.tar" ]]; then
    echo "== debootstrap a Debian base (cached in $BASE_CACHE)"
    debootstrap --variant=minbase bookworm "$work/rootfs" >"$work/debootstrap.log" 2>&1 \
      || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    mkdir -p "$BASE_CACHE"
    tar -C "$work/rootfs" -cf "$BASE_CACHE/bookworm-minbase.tar.tmp" .
    mv "$BASE_CACHE/bookworm-minbase.tar.tmp" "$BASE_CACHE/bookworm-minbase.tar"
    rm -rf "$work/rootfs"
  fi
  docker import "$BASE_CACHE/bookworm-minbase.tar" posts-api-debian:bookworm >/dev/null
  mkdir -p "$work/base"
  cp "$(npm exec --silent -- node -p process.execPath)" "$work/base/node"
  cp -r "$(npm root -g)/npm" "$work/base/npm"
  cat >"$work/base/Dockerfile" <<'EOF'
FROM posts-api-debian:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/sh node
EOF
  echo "== base image $base"
  DOCKER_BUILDKIT=0 docker build -q --network host -t "$base" "$work/base" >/dev/null
fi

# The artifacts, built on the host: the bundle and the production dependencies only.
echo "== production artifacts (npm run build, npm ci --omit=dev)"
npm run build --silent
context="$work/context"
mkdir -p "$context/scripts"
cp -r package.json package-lock.json drizzle dist Dockerfile "$context/"
cp scripts/build.ts "$context/scripts/"
(cd "$context" && npm ci --omit=dev --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null)

echo "== image (Dockerfile runtime stage, BASE_IMAGE=$base, PREBUILT=true)"
DOCKER_BUILDKIT=0 docker build -q --network host --build-arg "BASE_IMAGE=$base" --build-arg PREBUILT=true \
  -t posts-api:ci "$context" >/dev/null

psql -q -h 127.0.0.1 -U postgres -c "create database \"$database\""
docker run -d --name "$container" --network host --read-only --tmpfs /tmp \
  -v "$container-data:/app/.data" \
  -e HOST=127.0.0.1 -e PORT="$PORT" -e LOG_LEVEL=info \
  -e DATABASE_URL="$PG_URL/$database" -e REDIS_URL="$REDIS_URL" \
  -e BETTER_AUTH_SECRET=container-ci-secret-of-at-least-32-characters \
  -e BETTER_AUTH_URL="http://127.0.0.1:$PORT" -e CORS_ORIGINS="http://127.0.0.1:$PORT" \
  posts-api:ci >/dev/null

echo "== container checks"
npm exec --silent -- node scripts/container-check.ts "$container" "http://127.0.0.1:$PORT" \
  || { docker logs "$container" 2>&1 | tail -30 >&2; exit 1; }
echo "== the container's output"
docker logs "$container" 2>&1 | tail -15

# The embedded default (no DATABASE_URL), as a small team first runs it: its first start under a
# 512 MB memory limit, then a crash (SIGKILL) and a start again in the same container, whose new
# process gets the dead one's PID.
echo "== embedded database: first start under --memory 512m, SIGKILL, start again"
docker run -d --name "$container-embedded" --network host --read-only --tmpfs /tmp --memory 512m \
  -v "$container-embedded-data:/app/.data" \
  -e HOST=127.0.0.1 -e PORT="$((PORT + 1))" -e LOG_LEVEL=info \
  -e BETTER_AUTH_SECRET=container-ci-secret-of-at-least-32-characters \
  -e BETTER_AUTH_URL="http://127.0.0.1:$((PORT + 1))" -e CORS_ORIGINS="http://127.0.0.1:$((PORT + 1))" \
  posts-api:ci >/dev/null
npm exec --silent -- node scripts/container-check.ts --crash "$container-embedded" "http://127.0.0.1:$((PORT + 1))" \
  || { docker logs "$container-embedded" 2>&1 | tail -30 >&2; exit 1; }
