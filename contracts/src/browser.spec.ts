import { describe, expect, it } from 'vitest';
import './browser';
import { z } from 'zod';

describe('the browser entry', () => {
  it('turns zod jitless through the config zod reads', () => {
    expect(z.config().jitless).toBe(true);
  });
});
