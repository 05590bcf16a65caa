FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && NX_DAEMON=false npx nx run-many -t build -p mfe-shell mfe-public mfe-dashboard mfe-debug \
  && node -e "import('./scripts/lib/web-root.mjs').then(m => m.assembleWebRoot('/web'))"

FROM nginx:1.27-alpine
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /web /usr/share/nginx/html
