package dev.singletable.cli.data.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class RecordedMarksTest {

    @Test
    void find_whenNothingRecorded_isEmpty() {
        RecordedMarks<String, LoadCheckpoint.FileMarks> files = new RecordedMarks<>(new LinkedHashMap<>(), LoadCheckpoint.FileMarks::file);

        assertThat(files.find("orders.jsonl")).isEmpty();
    }

    @Test
    void record_whenKeyRecordedBefore_replacesItsMarks() {
        RecordedMarks<String, LoadCheckpoint.FileMarks> files = new RecordedMarks<>(new LinkedHashMap<>(), LoadCheckpoint.FileMarks::file);
        files.record(new LoadCheckpoint.FileMarks("orders.jsonl", 100, 1, 5));

        files.record(new LoadCheckpoint.FileMarks("orders.jsonl", 100, 5, 9));

        assertThat(files.find("orders.jsonl")).contains(new LoadCheckpoint.FileMarks("orders.jsonl", 100, 5, 9));
        assertThat(files.all()).containsExactly(new LoadCheckpoint.FileMarks("orders.jsonl", 100, 5, 9));
    }

    @Test
    void all_whenKeptInATreeMap_listsTheMarksInKeyOrder() {
        RecordedMarks<Integer, LoadCheckpoint.SegmentMarks> segments = new RecordedMarks<>(new TreeMap<>(),
                LoadCheckpoint.SegmentMarks::segment);
        LoadCheckpoint.SegmentMarks second = new LoadCheckpoint.SegmentMarks(1, null, true, 7, 0);
        LoadCheckpoint.SegmentMarks first = new LoadCheckpoint.SegmentMarks(0, null, false, 3, 1);

        segments.record(second);
        segments.record(first);

        assertThat(segments.all()).containsExactly(first, second);
    }

    @Test
    void all_whenRecordingGoesOn_isACopy() {
        RecordedMarks<String, LoadCheckpoint.FileMarks> files = new RecordedMarks<>(new LinkedHashMap<>(), LoadCheckpoint.FileMarks::file);
        files.record(new LoadCheckpoint.FileMarks("a.csv", 10, 1, 1));
        var before = files.all();

        files.record(new LoadCheckpoint.FileMarks("b.csv", 10, 1, 1));

        assertThat(before).extracting(LoadCheckpoint.FileMarks::file).containsExactly("a.csv");
    }
}
