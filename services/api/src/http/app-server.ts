/**
 * The HTTP server of an express app, whose requests and responses are made with the app's prototypes.
 * express gives every request and response the app's `request` and `response` as their prototypes when
 * they enter it (`Object.setPrototypeOf` in `app.handle`, so that a mounted sub-app can bring its own).
 * Changing an object's prototype once it exists throws away what V8 has learnt about objects of its shape,
 * and every property access on requests and responses, in node's HTTP layer as in express and in ours,
 * then takes a slow path: that was most of a request's CPU, in a bare express echo as in the API
 * (docs/decisions.md, "express's prototype swap"; expressjs/express#5998). Node makes each request and
 * response with the classes its server is given: here subclasses whose prototypes are the app's, so
 * express's `setPrototypeOf` finds the prototype it sets already in place and changes nothing.
 */
import http from 'node:http';
import type { Express } from 'express';

export function createAppServer(app: Express): http.Server {
  class AppRequest extends http.IncomingMessage {}
  class AppResponse extends http.ServerResponse {}
  // Below each class's own (empty) prototype: the app's, and express's request and response below them.
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  // What express sets as the prototype of each request and response is then the one it was made with.
  Object.assign(app, { request: AppRequest.prototype, response: AppResponse.prototype });
  return http.createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}
