// The service worker: keeps the app's shell (its page and files, this build's) so that
// the app opens offline and says so; shows the server's Web Push messages ("your turn", a
// turn's reminder) while no page of the app is open, and opens the table when one is
// tapped. Each message is JSON: type, title, body, url, table_id, league_id, hand_no,
// deadline. The API is never cached here: what it answers is always the server's now (the
// table page keeps the last view it drew in a cache of its own, "bourre-seen", to show
// offline, marked as such).

/** @type {any} the ServiceWorkerGlobalScope (the page's types know windows only) */
const worker = self;

/** The shell's paths, filled in by the server: the page, then this build's files. */
const SHELL = "__SHELL__".split(" ");
/** One cache per build: the first file's path names the build. */
const CACHE = `bourre-${SHELL[1] ?? "dev"}`;

worker.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      // The pages' own cache (the last view of each table seen, for offline visits) stays.
      for (const name of await caches.keys()) if (name !== CACHE && name !== "bourre-seen") await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("fetch", (/** @type {any} */ event) => {
  /** @type {Request} */
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  if (request.mode === "navigate") {
    // The page from the server when it answers, else the shell kept (every path of the
    // app is the same page).
    event.respondWith(fetch(request).catch(async () => (await caches.match("/", { cacheName: CACHE })) ?? Response.error()));
  } else if (url.pathname.startsWith("/app/")) {
    // A build's files never change: kept ones are served as they are.
    event.respondWith((async () => (await caches.match(request, { cacheName: CACHE })) ?? fetch(request))());
  }
});

worker.addEventListener("push", (/** @type {any} */ event) => {
  /** @type {{title?: string, body?: string, url?: string, table_id?: string}} */
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: shown as a plain nudge.
  }
  event.waitUntil(
    worker.registration.showNotification(message.title ?? "Bourré", {
      body: message.body ?? "",
      // One notification per table: a newer turn there replaces the older.
      tag: message.table_id ?? "bourre",
      renotify: true,
      data: { url: message.url ?? "/" },
    }),
  );
});

worker.addEventListener("notificationclick", (/** @type {any} */ event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
      const here = open.find((/** @type {any} */ c) => c.url === url) ?? open[0];
      if (here) {
        await here.focus();
        if (here.url !== url) await here.navigate(url);
      } else {
        await worker.clients.openWindow(url);
      }
    })(),
  );
});
