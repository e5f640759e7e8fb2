/**
 * Swagger UI's own colours fail WCAG 2.2 AA contrast (white on light green, blue, orange) and its path
 * links are smaller than 24 px: this stylesheet, served beside the page as a file (the CSP allows no
 * inline style element from elsewhere), fixes both. Measured with axe in e2e/api-docs.spec.ts.
 */
const METHOD_COLOURS: Record<string, string> = {
  get: '#1f6fb2',
  post: '#1d7a4f',
  put: '#a85b00',
  delete: '#c0262d',
  patch: '#157a68',
};

const methods = Object.entries(METHOD_COLOURS)
  .map(
    ([method, colour]) => `.swagger-ui .opblock.opblock-${method} .opblock-summary-method { background: ${colour}; }
.swagger-ui .opblock.opblock-${method} { border-color: ${colour}; }`,
  )
  .join('\n');

export const REFERENCE_THEME_CSS = `${methods}
.swagger-ui .info .title small pre.version { background: #555b66; }
.swagger-ui .info .title small.version-stamp { background: #4d7000; }
.swagger-ui .info .title small.version-stamp pre.version { background: #4d7000; }
.swagger-ui .btn.authorize { color: #1d7a4f; border-color: #1d7a4f; }
.swagger-ui .btn.authorize svg { fill: #1d7a4f; }
.swagger-ui .btn.execute { background: #1f5fa8; border-color: #1f5fa8; }
.swagger-ui .try-out__btn, .swagger-ui .btn.try-out__btn.cancel { color: #b3261e; border-color: #b3261e; }
.swagger-ui .info .url, .swagger-ui .info a { color: #1f5fa8; }
/* The greys and reds of parameters and models. */
.swagger-ui .parameter__in, .swagger-ui .parameter__type, .swagger-ui .prop-format, .swagger-ui .prop-type,
.swagger-ui .response-col_links, .swagger-ui .model-title, .swagger-ui .model .property.primitive { color: #555b66; }
.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required::after { color: #b3261e; }
.swagger-ui .opblock-summary-path a.nostyle { display: inline-block; min-height: 24px; line-height: 24px; }
`;
