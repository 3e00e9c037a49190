/**
 * Every JSON answer of the app, written straight to node's response. express's `res.json` hands its text
 * to `res.send`, which for every answer parses the Content-Type again to set its charset, looks up the
 * app's ETag and JSON settings, checks the request's freshness, and copies an answer of 1,000 characters
 * or more into a Buffer, which node then writes beside its headers instead of after them in one string:
 * work on every answer (docs/decisions.md, "JSON answers"). None of it
 * applies here: the app sends no ETag or Last-Modified, so nothing is ever fresh, and sets no JSON
 * options. Node itself leaves the body out of an answer to HEAD.
 */
import type { ServerResponse } from 'node:http';
import type { Express, Response } from 'express';
import { settleUnreflected } from './unreflected-writes';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Ends `response` with `text`, JSON already serialised, and its length. No answer is kept by a cache on the
 * way or in the browser (tokens, keys, secrets shown once, customers' data: RFC 6749 §5.1 for the first), and
 * none is read as anything but JSON.
 */
export function writeJson(response: ServerResponse, text: string): void {
  response.setHeader('Content-Type', JSON_CONTENT_TYPE);
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}

/** Makes `response.json(body)` of every route of `app` write through `writeJson`. */
export function answerJsonDirectly(app: Express): void {
  app.response.json = function json(this: Response, body: unknown): Response {
    settleUnreflected(this);
    // JSON.stringify answers undefined for undefined (and functions): express sends no body then, and so does this.
    writeJson(this, (JSON.stringify(body) as string | undefined) ?? '');
    return this;
  };
}
