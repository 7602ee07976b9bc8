/**
 * The react-hook-form resolvers of the server-rendered account forms, in a chunk of their own
 * that the pages load on first use (lib/lazy-resolver.ts): zod and the schemas stay
 * off the login and forgot-password pages' first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, loginSchema } from './form-schemas';

export const loginResolver = zodResolver(loginSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
