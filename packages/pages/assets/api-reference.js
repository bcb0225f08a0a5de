// Starts Swagger UI (swagger-ui-dist, served by this service) on the API reference page. A file of
// its own rather than an inline script, so the page's policy can keep `script-src 'self'`.
(() => {
  const container = document.getElementById("api-reference");
  if (!container || typeof window.SwaggerUIBundle !== "function") return;
  window.SwaggerUIBundle({
    domNode: container,
    url: container.dataset.document,
    // No outside network: the public validator badge would call validator.swagger.io.
    validatorUrl: null,
    // Deep links make each operation's path a link inside its summary button (nested controls).
    deepLinking: false,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    supportedSubmitMethods: [],
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
})();
