import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';

/** Folders and labels organise assistants; both have a name (unique per account) and a colour. */
export const GROUP_COLORS = ['gray', 'slate', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
type Color = (typeof GROUP_COLORS)[number];
const ColorSchema = Type.Unsafe<Color>({ type: 'string', enum: GROUP_COLORS });
const Name = Type.String({ minLength: 1, maxLength: 255 });

export const CreateGroupBody = Type.Object(
  { name: Name, color: Type.Optional({ ...ColorSchema, default: 'gray' }) },
  { additionalProperties: false },
);
export type CreateGroupBody = Static<typeof CreateGroupBody>;

export const UpdateGroupBody = Type.Object(
  { name: Type.Optional(Name), color: Type.Optional(ColorSchema) },
  { additionalProperties: false },
);
export type UpdateGroupBody = Static<typeof UpdateGroupBody>;

export const GroupRecord = named(
  'Group',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    color: Type.String(),
    assistants_count: Type.Integer(),
  }),
);

export const GroupEnvelope = Type.Object({ message: Type.String(), data: GroupRecord });

export const GroupList = Type.Object({
  data: Type.Array(GroupRecord),
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});

export const GroupListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
});
