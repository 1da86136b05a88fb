import Type from 'typebox';

/** GET /api/resources/text/{name}?language=en|es */
export const TextResourceParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }) });
export const TextResourceQuery = Type.Object({
  language: Type.Optional(Type.String({ description: 'en or es; falls back to en', maxLength: 10 })),
  tenant: Type.Optional(Type.String()),
});
