import { z } from 'zod';
import { RADIONUCLIDES } from '../radiosynoviorthesis/radiosynoviorthesis.ts';

/**
 * The radiosynoviorthesis calculator's request (docs/v1-contract.md §1.15): v1 takes the thickness as a number
 * or a string. The server checks it by hand (v1's messages name the refused value); this is its description.
 */
export const CalculatorBody = z
  .object({
    radionuclide: z.enum(RADIONUCLIDES),
    thickness: z.union([z.literal([1, 2, 3]), z.enum(['1', '2', '3'])]),
    /** cm², > 0 */
    surface: z.union([z.number().positive(), z.string()]),
  })
  .meta({ id: 'CalculatorBody' });

export const CalculatorResult = z.object({ MBq: z.number(), mCi: z.number() }).meta({ id: 'CalculatorResult' });
export type CalculatorResult = z.infer<typeof CalculatorResult>;
