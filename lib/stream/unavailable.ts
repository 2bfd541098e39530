/** Thrown by the credentials provider when streaming cannot start at all (no endpoint, signed out). */
export class StreamUnavailable extends Error {
  /** `quiet`: nothing to say to the user (signed out); the stream is simply off until asked again. */
  constructor(
    message: string,
    readonly quiet = false,
    /** When to try again (the service said when it takes requests again); default the supervisor's. */
    readonly retryInMs?: number,
  ) {
    super(message);
  }
}
