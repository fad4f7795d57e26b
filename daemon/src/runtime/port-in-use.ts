/** A port the daemon was told to listen on is taken: the message names the setting to change. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(
    readonly setting: 'HTTP_PORT' | 'SMTP_PORT',
    readonly port: number,
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${setting} ${port} is in use (on ${host}): stop what listens there or set ${setting} to a free port`,
      options,
    );
  }
}

/** Runs `listen`; an EADDRINUSE becomes a PortInUseError naming `setting`. */
export async function listenOrExplain<T>(
  setting: 'HTTP_PORT' | 'SMTP_PORT',
  port: number,
  host: string,
  listen: () => Promise<T>,
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE')
      throw new PortInUseError(setting, port, host, { cause: error });
    throw error;
  }
}
