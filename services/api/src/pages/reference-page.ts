/**
 * The API reference at `GET /docs`, rendered on the server from the OpenAPI document: every operation with
 * its parameters, body and answers, and every schema with its fields. No scripts, only the page's own
 * stylesheet (allowed by its hash); links between operations and schemas are in-page anchors.
 */
import { escapeHtml } from '@passes/application';
import type { OpenApiDocument } from '@passes/contracts';
import { pageStyle, type Page } from './page-document';

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f7f8fa;color:#1d2330;line-height:1.45}
main{max-width:64rem;margin:0 auto;padding:2rem 1.25rem}
h1{margin:0 0 .5rem}h2{margin:2.5rem 0 1rem;border-bottom:1px solid #d6d9e0;padding-bottom:.25rem}h3{margin:0 0 .5rem;font-size:1.05rem}
nav ul{columns:2;padding-left:1.25rem}
section.operation,section.schema{background:#fff;border:1px solid #d6d9e0;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.method{display:inline-block;min-width:4rem;font-weight:700;text-transform:uppercase;font-size:.85rem}
.get{color:#1a7f37}.post{color:#0b5cad}.patch{color:#8a5a00}.delete{color:#c62828}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;word-break:break-word}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{text-align:left;vertical-align:top;border-top:1px solid #e6e8ee;padding:.35rem .5rem;font-size:.92rem}
th{font-weight:600;color:#4a5263}
.muted{color:#6b7385}
`;

const PAGE_STYLE = pageStyle(STYLE);

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
/** Descriptions are CommonMark; of it they use only inline code. */
const prose = (text: unknown) => (typeof text === 'string' ? escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>') : '');
const schemaLink = (name: string) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;

/** A JSON Schema in a line: its type, with links to named schemas. */
function typeOf(schema: Json): string {
  if (typeof schema['$ref'] === 'string') return schemaLink(refName(schema['$ref']));
  if ('const' in schema) return code(JSON.stringify(schema['const']));
  if (Array.isArray(schema['enum'])) return schema['enum'].map((value) => code(JSON.stringify(value))).join(' | ');
  const alternatives = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(alternatives)) return alternatives.map((each) => typeOf(asJson(each))).join(' | ');
  const types = Array.isArray(schema['type']) ? (schema['type'] as string[]) : typeof schema['type'] === 'string' ? [schema['type']] : [];
  return types.map((type) => (type === 'array' ? `array of ${typeOf(asJson(schema['items']))}` : escapeHtml(type))).join(' | ') || 'any';
}

const CONSTRAINTS: ReadonlyArray<[string, string]> = [
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['exclusiveMinimum', 'more than'],
  ['maximum', 'max'],
  ['multipleOf', 'multiple of'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['format', 'format'],
  ['default', 'default'],
];

/** Bounds worth reading; the integer bounds zod states for every safe integer say nothing to a reader. */
function constraintsOf(schema: Json): string {
  const nested = Array.isArray(schema['anyOf']) ? (schema['anyOf'] as unknown[]).map(asJson) : [];
  return [schema, ...nested]
    .flatMap((each) => CONSTRAINTS.filter(([key]) => key in each && Math.abs(Number(each[key])) !== Number.MAX_SAFE_INTEGER).map(([key, label]) => `${label} ${code(JSON.stringify(each[key]))}`))
    .join(', ');
}

function propertiesTable(schema: Json): string {
  const properties = Object.entries(asJson(schema['properties']));
  if (properties.length === 0) return `<p>${typeOf(schema)}</p>`;
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  const rows = properties.map(([name, property]) => {
    const field = asJson(property);
    return `<tr><td>${code(name)}${required.has(name) ? '' : ' <span class="muted">optional</span>'}</td><td>${typeOf(field)}</td><td>${[prose(field['description']), constraintsOf(field)].filter(Boolean).join('<br>')}</td></tr>`;
  });
  const extra = schema['additionalProperties'] === false ? '<p class="muted">No other fields.</p>' : '';
  return `<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${rows.join('')}</table>${extra}`;
}

function parametersTable(parameters: Json[], document: OpenApiDocument): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((parameter) => {
    const resolved = typeof parameter['$ref'] === 'string' ? asJson(asJson(document.components['parameters'])[refName(parameter['$ref'])]) : parameter;
    const schema = asJson(resolved['schema']);
    const notes = [prose(resolved['description']), constraintsOf(schema)].filter(Boolean).join('<br>');
    return `<tr><td>${code(String(resolved['name']))}</td><td>${escapeHtml(String(resolved['in']))}${resolved['required'] ? '' : ' <span class="muted">optional</span>'}</td><td>${typeOf(schema)}</td><td>${notes}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr>${rows.join('')}</table>`;
}

function responsesTable(responses: Json, document: OpenApiDocument): string {
  const rows = Object.entries(responses).map(([status, value]) => {
    const answer = typeof asJson(value)['$ref'] === 'string' ? asJson(asJson(document.components['responses'])[refName(String(asJson(value)['$ref']))]) : asJson(value);
    const schema = asJson(asJson(asJson(answer['content'])['application/json'])['schema']);
    const body = Object.keys(schema).length > 0 ? typeOf(schema) : '<span class="muted">no body</span>';
    return `<tr><td>${escapeHtml(status)}</td><td>${body}</td><td>${prose(answer['description'])}</td></tr>`;
  });
  return `<h4>Responses</h4><table><tr><th>Status</th><th>Body</th><th>When</th></tr>${rows.join('')}</table>`;
}

const anchorOf = (operation: Json) => `op-${String(operation['operationId'])}`;

function operationSection(method: string, path: string, operation: Json, document: OpenApiDocument): string {
  const security = Array.isArray(operation['security']) ? (operation['security'] as Json[]).flatMap((each) => Object.keys(each)) : [];
  const access = security.length === 0 ? 'No credentials' : `Credentials: ${security.map(code).join(' or ')}`;
  const body = asJson(asJson(asJson(operation['requestBody'])['content'])['application/json'])['schema'];
  return `<section class="operation" id="${escapeHtml(anchorOf(operation))}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method)}</span> ${code(path)}</h3>
<p>${prose(operation['summary'])}</p>
<p class="muted">${access}</p>
${parametersTable(Array.isArray(operation['parameters']) ? (operation['parameters'] as Json[]) : [], document)}
${body ? `<h4>Body</h4><p>${typeOf(asJson(body))}</p>` : ''}
${responsesTable(asJson(operation['responses']), document)}
</section>`;
}

export function referencePage(document: OpenApiDocument): Page {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation: asJson(operation) })));
  const tagOf = (operation: Json) => String((operation['tags'] as unknown[])[0]);
  const tags = [...new Set(operations.map(({ operation }) => tagOf(operation)))];
  const byTag = (tag: string) => operations.filter(({ operation }) => tagOf(operation) === tag);
  const contents = tags
    .map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .concat('<li><a href="#schemas">Schemas</a></li>')
    .join('');
  const groups = tags.map(
    (tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${byTag(tag).map(({ path, method, operation }) => operationSection(method, path, operation, document)).join('\n')}`,
  );
  const schemas = Object.entries(document.components.schemas).map(
    ([name, schema]) => `<section class="schema" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${propertiesTable(schema)}</section>`,
  );
  const body = `<h1>${escapeHtml(document.info.title)} API reference</h1>
<p>${prose(document.info.description)}</p>
<p>OpenAPI ${escapeHtml(document.openapi)} document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p>
<nav><ul>${contents}</ul></nav>
${groups.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.join('\n')}`;
  return { status: 200, title: `${document.info.title} API reference`, style: PAGE_STYLE, body };
}
