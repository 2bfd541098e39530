// Put before the service worker's script by scripts/background-parts.ts (Chrome build). The worker is
// built as Rollup AMD chunks: its own script, which runs at once, and parts that only some messages need,
// loaded when one comes. A service worker may call importScripts() only while it first runs or installs,
// and after that only for the scripts it imported then: its install event imports every part once without
// running it, so a worker woken later can load a part. The list of parts is filled in at build time.
((scope, parts) => {
  const modules = Object.create(null);
  let defining = scope.location.href;
  let caching = false;

  const load = (url) => {
    if (!(url in modules)) {
      const outer = defining;
      defining = url;
      try {
        scope.importScripts(url);
      } finally {
        defining = outer;
      }
      if (!(url in modules)) throw new Error(`The part ${url} defined nothing`);
    }
    return modules[url];
  };

  scope.define = (deps, factory) => {
    if (caching) return;
    const url = defining;
    const exports = {};
    const resolve = (id) => new URL(id, url).href;
    const require = (ids, done, failed) => {
      Promise.resolve()
        .then(() => ids.map((id) => load(resolve(id))))
        .then((loaded) => done(...loaded), failed);
    };
    modules[url] = exports;
    try {
      factory(...deps.map((dep) => (dep === 'exports' ? exports : dep === 'require' ? require : load(resolve(dep)))));
    } catch (error) {
      delete modules[url];
      throw error;
    }
  };
  scope.define.amd = true;

  scope.addEventListener('install', () => {
    caching = true;
    try {
      for (const part of parts) scope.importScripts(new URL(part, scope.location.href).href);
    } finally {
      caching = false;
    }
  });
})(self, /* parts */ []);
