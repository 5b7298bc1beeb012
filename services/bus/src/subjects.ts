/**
 * Subject rules shared by every adapter, so the in-process bus accepts and matches exactly what
 * NATS would: tokens separated by `.`, no empty tokens, no whitespace; in patterns `*` stands for
 * one whole token and `>` for one or more trailing tokens.
 */
const tokenPattern = /^[^\s.*>]+$/;

export function assertSubject(subject: string): void {
  if (!subject.split('.').every((token) => tokenPattern.test(token))) {
    throw new TypeError(`invalid bus subject "${subject}": tokens must be non-empty, without spaces or wildcards`);
  }
}

export function assertPattern(pattern: string): void {
  const tokens = pattern.split('.');
  const valid = tokens.every((token, index) => token === '*' || (token === '>' && index === tokens.length - 1) || tokenPattern.test(token));
  if (!valid) {
    throw new TypeError(`invalid bus pattern "${pattern}": use whole-token "*", and ">" only as the last token`);
  }
}

/** Compiles a valid pattern into a predicate over valid subjects. */
export function subjectMatcher(pattern: string): (subject: string) => boolean {
  assertPattern(pattern);
  const expected = pattern.split('.');
  const tail = expected[expected.length - 1] === '>';
  const fixed = tail ? expected.length - 1 : expected.length;
  return (subject) => {
    const tokens = subject.split('.');
    if (tail ? tokens.length <= fixed : tokens.length !== fixed) return false;
    for (let index = 0; index < fixed; index++) {
      const want = expected[index];
      if (want !== '*' && want !== tokens[index]) return false;
    }
    return true;
  };
}

/**
 * The wire form of a payload. Both adapters go through JSON so a subscriber sees the same value
 * whichever bus is configured (Dates arrive as ISO strings, undefined fields vanish) and can never
 * mutate the publisher's object or another subscriber's copy.
 */
export function encodePayload(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('bus payload must be JSON-serialisable (got undefined or a function)');
  return json;
}
