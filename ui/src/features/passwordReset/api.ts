import { api } from '../../app/api';

export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestResetCode: build.mutation<{ resetId: string; message: string }, string>({
      query: (wpp) => ({ url: 'api/enviar-email', method: 'POST', body: { wpp } }),
    }),
    verifyResetCode: build.mutation<{ message: string }, { number: string; code: string; resetId: string }>({
      query: ({ number, code, resetId }) => ({ url: `api/verificar-code/${encodeURIComponent(number)}`, params: { code, resetId } }),
    }),
    saveResetPassword: build.mutation<{ message: string }, { resetId: string; newPassword: string }>({
      query: (body) => ({ url: 'api/atualizar-senha', method: 'PUT', body }),
    }),
  }),
});

export const { useRequestResetCodeMutation, useVerifyResetCodeMutation, useSaveResetPasswordMutation } = passwordResetApi;
