/* global document, window -- a browser script, served as it is */
// Starts Swagger UI on the store's own OpenAPI document. A file rather than an inline script: the
// store's Content-Security-Policy runs scripts from its own origin only. Nothing here reaches
// outside the store: no validator badge (it would call validator.swagger.io), no URL box.
(function start() {
  const root = document.getElementById('api-reference');
  window.ui = window.SwaggerUIBundle({
    url: root.dataset.specUrl,
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    // Keeps the token given to "Authorize" across reloads of this page (in this browser only).
    persistAuthorization: true,
    tryItOutEnabled: false,
    displayRequestDuration: true,
    docExpansion: 'list',
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
})();
