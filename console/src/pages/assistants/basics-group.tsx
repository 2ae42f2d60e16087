import { Alert } from '@mantine/core';
import type { Assistant } from '../../api/types.js';
import { BasicsFields } from './basics-fields.js';
import { BASICS_FIELDS, basicsOf, basicsRequest, placeServerErrors, validateBasics } from './basics-form.js';
import { modeSwitchWarning } from './mode-switch.js';
import { SettingsGroup } from './settings-group.js';

/** Name, kind, engine, voice, model, languages, number, folder, labels, greeting, instructions, variables. */
export function BasicsGroup({ assistant }: { assistant: Assistant }) {
  return (
    <SettingsGroup
      assistant={assistant}
      fields={BASICS_FIELDS}
      initial={basicsOf}
      toRequest={basicsRequest}
      validate={validateBasics}
      placeErrors={placeServerErrors}
    >
      {(form) => {
        const modeWarning = modeSwitchWarning(assistant, form.getValues().mode);
        return (
          <>
            <BasicsFields form={form} />
            {modeWarning && (
              <Alert color="yellow" variant="light" title="Voice engine changes">
                {modeWarning}
              </Alert>
            )}
          </>
        );
      }}
    </SettingsGroup>
  );
}
