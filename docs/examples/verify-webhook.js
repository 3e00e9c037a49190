const { createHmac, timingSafeEqual } = require('node:crypto');

/** True when `signature` (the X-Service-Signature header) signs `rawBody` (the request body, a Buffer) with `secret`. */
function verifyWebhook(rawBody, signature, secret) {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(String(signature), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

module.exports = { verifyWebhook };
