package dev.singletable.internal;

import dev.singletable.TableSchema;

/** What reads need from a table, sync or async: its schema, the runner that sends and reports, the cursor signer. */
public interface ReadTarget {
    TableSchema schema();

    RequestRunner runner();

    CursorCodec cursors();
}
