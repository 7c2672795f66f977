/**
 * Schema evolution for items already stored in a singletable table: {@link dev.singletable.migrations.Migration}
 * steps, run by {@link dev.singletable.migrations.MigrationRunner} under a lock item and recorded in a
 * state item of the table itself. Only {@code dev.singletable.migrations} is exported.
 */
module dev.singletable.migrations {
    requires transitive dev.singletable.core;

    exports dev.singletable.migrations;
}
