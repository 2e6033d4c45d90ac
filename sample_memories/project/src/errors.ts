/** Every expected failure is an HttpError; anything else becomes a 500. */
export class HttpError extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}
