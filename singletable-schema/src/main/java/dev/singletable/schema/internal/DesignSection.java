package dev.singletable.schema.internal;

import dev.singletable.schema.SchemaDocument;

/**
 * A builder of one section of the schema document, as {@link DesignBuilder} coordinates them: it reads the document
 * and adds what it finds wrong to the problems every section shares.
 */
abstract class DesignSection {
    /** The document the section reads: with states as one entity type per state, except for the states' own builder. */
    final SchemaDocument document;
    final DesignProblems problems;

    DesignSection(SchemaDocument document, DesignProblems problems) {
        this.document = document;
        this.problems = problems;
    }
}
