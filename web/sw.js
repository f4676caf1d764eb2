// The service worker: shows the server's Web Push messages ("your turn", a turn's
// reminder) while no page of the app is open, and opens the table when one is tapped.
// Each message is JSON: type, title, body, url, table_id, league_id, hand_no, deadline.

/** @type {any} the ServiceWorkerGlobalScope (the page's types know windows only) */
const worker = self;

worker.addEventListener("install", () => worker.skipWaiting());
worker.addEventListener("activate", (/** @type {any} */ event) => event.waitUntil(worker.clients.claim()));

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
