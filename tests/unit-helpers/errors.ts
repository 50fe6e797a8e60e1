import { expect } from "vitest";
import { AppError } from "../../app/utils/errors.server";

/** The AppError a promise rejects with (fails the test if it resolves or rejects with anything else). */
export async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error("expected an AppError, but the call succeeded");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The AppError a call throws (fails the test if it returns or throws anything else). */
export function syncAppError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected an AppError, but the call succeeded");
}
