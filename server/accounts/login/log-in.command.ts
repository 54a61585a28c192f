/** Someone signs in with e-mail and password. */
export class LogIn {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {}
}
