// The phone's service worker (served as /sw.js by config/scripts.py, so that its scope is the whole
// site). It keeps the player's own page and the static files it uses, so that the table, the
// opponent, the round clock and the last standings line stay on screen when the hall's wifi drops.
// Everything else passes through untouched. No libraries, no push service.
"use strict";

const CACHE = "player-page-v1";
const PLAYER_PAGE = /^\/[a-z]{2}(-[a-z]+)?\/events\/\d+\/me\/$/;
const KEPT = /^(\/static\/|\/[a-z]{2}(-[a-z]+)?\/jsi18n\/$)/;
const NETWORK_WAIT_MS = 4000; // a dead spot often hangs rather than fails: show the kept copy soon
const STORED_AT = "X-Stored-At";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function kept(url) {
  return url.origin === self.location.origin && !url.search && (PLAYER_PAGE.test(url.pathname) || KEPT.test(url.pathname));
}

// The page the player asked for, from the network when it answers in time, else the copy kept
// last time, marked so that the page says it is offline and since when.
async function networkFirst(request) {
  const url = new URL(request.url);
  const network = fetch(request).then(async (response) => {
    if (response.ok) await store(url.pathname, response.clone());
    return response;
  });
  try {
    return await withTimeout(network, NETWORK_WAIT_MS);
  } catch (error) {
    const copy = await (await caches.open(CACHE)).match(url.pathname);
    if (!copy) return network; // nothing kept: wait for the network as the browser would
    network.catch(() => {}); // it may still answer later, and refresh the copy
    return PLAYER_PAGE.test(url.pathname) ? markedOffline(copy) : copy;
  }
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, (error) => { clearTimeout(timer); reject(error); });
  });
}

async function store(path, response) {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, new Date().toISOString());
  const body = await response.blob();
  await (await caches.open(CACHE)).put(path, new Response(body, { status: 200, headers }));
}

async function markedOffline(copy) {
  const html = await copy.text();
  const storedAt = copy.headers.get(STORED_AT) || "";
  const marked = html.replace(/<html\b/, `<html data-offline-copy="${storedAt}"`);
  const headers = new Headers(copy.headers);
  headers.delete("ETag"); // never revalidated against the server as if it were its answer
  headers.delete("Content-Length"); // the mark made it longer
  return new Response(marked, { status: 200, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!kept(url)) return;
  event.respondWith(networkFirst(request));
});

// The page asks for its own copy and its files to be kept (the first visit is not yet controlled
// by the worker, and the live part changes the page without loading it again).
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.map(async (href) => {
    const url = new URL(href, self.location.origin);
    if (!kept(url)) return;
    try {
      const response = await fetch(url.pathname, { credentials: "same-origin", headers: { "X-Kept-Copy": "1" } });
      if (response.ok) await store(url.pathname, response);
    } catch (error) {
      // offline: the copy kept earlier stays
    }
  })));
});
