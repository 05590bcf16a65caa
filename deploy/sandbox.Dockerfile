FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && NX_DAEMON=false npx nx run sandbox:build

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/sandbox/dist ./sandbox/dist
COPY --from=build /app/sandbox/data ./sandbox/data
USER node
CMD ["node", "sandbox/dist/main.js"]
