import SchemaBuilder, { BasePlugin } from '@pothos/core';
import type { FieldNullability, InputFieldMap, InputShapeFromFields, PothosOutputFieldConfig, SchemaTypes, TypeParam } from '@pothos/core';

declare global {
  // Pothos adds plugin options by merging into its global namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      validateArgs: ValidateArgsPlugin<Types>;
    }
    // Merged declarations repeat Pothos's type parameters, used or not.
    /* eslint-disable @typescript-eslint/no-unused-vars */
    interface FieldOptions<
      Types extends SchemaTypes,
      ParentShape,
      Type extends TypeParam<Types>,
      Nullable extends FieldNullability<Type>,
      Args extends InputFieldMap,
      ResolveShape,
      ResolveReturnShape,
    > {
      /**
       * Checks a field's arguments before anything else of the field runs (authorization, a
       * connection turning them into a query, totalCount): throw AppError('BAD_USER_INPUT').
       */
      validateArgs?: (args: InputShapeFromFields<Args>) => unknown;
    }
    /* eslint-enable @typescript-eslint/no-unused-vars */
  }
}

/**
 * Input validation as a Pothos arg mapper: core runs arg mappers outside every plugin's
 * resolver wrapper, so a bad argument is answered before scope-auth and before any SQL,
 * with or without a token.
 */
export class ValidateArgsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    const validate = (fieldConfig.pothosOptions as { validateArgs?: (args: Record<string, unknown>) => unknown }).validateArgs;
    if (!validate) return fieldConfig;
    const check = (args: Record<string, unknown>) => {
      validate(args);
      return args;
    };
    return { ...fieldConfig, argMappers: [...fieldConfig.argMappers, check] };
  }
}

SchemaBuilder.registerPlugin('validateArgs', ValidateArgsPlugin);

/** The plugin's name, for the builder's `plugins` (as Pothos plugins export theirs). */
export default 'validateArgs' as const;
