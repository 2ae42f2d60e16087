/** The built-in functions' names, shared by the function registry and the offline model. */
export const FUNCTION_NAMES = {
  availability: 'check_calendar_availability',
  booking: 'book_appointment',
  knowledge: 'search_knowledge_base',
  transfer: 'transfer_to_assistant',
  end: 'end_conversation',
} as const;

export const BUILT_IN_FUNCTIONS: ReadonlySet<string> = new Set(Object.values(FUNCTION_NAMES));

/** Heading of the passages put into the system prompt in knowledge "prompt" mode. */
export const KNOWLEDGE_CONTEXT_HEADING = 'Relevant passages from the knowledge base:';
