FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
# The web bundles too: the API answers page requests with the shell's HTML (WEB_ROOT, set for the api role).
RUN npm ci --no-audit --no-fund \
  && NX_DAEMON=false npx nx run-many -t build -p backend @healthlink/contracts mfe-shell mfe-public mfe-dashboard mfe-debug \
  && node -e "import('./scripts/lib/web-root.mjs').then(m => m.assembleWebRoot('/app/web'))"

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/contracts ./libs/contracts
COPY --from=build /app/backend/dist ./backend/dist
COPY --from=build /app/backend/data ./backend/data
COPY --from=build /app/backend/package.json ./backend/package.json
COPY --from=build /app/web ./web
USER node
CMD ["node", "backend/dist/main.js"]
