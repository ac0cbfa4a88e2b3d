export { buildOpenApiDocument, openApiDocumentText } from './openapi-document.ts';
