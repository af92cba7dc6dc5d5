// Loaded by index.html before the app's modules: a file, not an inline script, because the
// Content-Security-Policy allows scripts from this server only (decision 014).
(function () {
  // zod compiles object parsers with `new Function` when it may; its probe for that is a
  // violation of the policy (no 'unsafe-eval'), reported even though zod catches it. zod reads
  // its configuration from this global, so it is set before any zod module loads.
  var zodConfig = (globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {});
  zodConfig.jitless = true;

  // Libraries insert <style> elements at run time (sonner's toasts, Radix's scroll lock); the
  // policy admits them only with this response's nonce, which the server writes into the
  // csp-nonce meta tag. Every <style> element the page creates gets it.
  var meta = document.querySelector('meta[property="csp-nonce"]');
  var nonce = meta && meta.nonce;
  if (!nonce || nonce === '__CSP_NONCE__') return;
  var create = document.createElement;
  document.createElement = function (tagName) {
    var element = create.apply(this, arguments);
    if (String(tagName).toLowerCase() === 'style') element.setAttribute('nonce', nonce);
    return element;
  };
})();
