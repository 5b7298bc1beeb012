import { z } from 'zod';

/** The fields a company's record opens its view with: its id and its company. */
export const companyRecord = { id: z.number(), companyId: z.number() };

/** The fields most views close with: when the record was created and last changed (ISO). */
export const timestamps = { createdAt: z.string(), updatedAt: z.string() };
