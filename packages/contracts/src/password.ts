import Type from 'typebox';

/** POST /api/v2/users/cmd/reset_pwd_confirm: completes a reset started by init_reset_pwd/by_email. */
export const ResetPwdConfirmBody = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The token of the e-mailed /reset_pwd link',
  }),
  password: Type.String({ minLength: 8, maxLength: 200 }),
});
export type ResetPwdConfirmBody = Type.Static<typeof ResetPwdConfirmBody>;
