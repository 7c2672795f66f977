package dev.singletable.bench;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What the three cold-start mains share. */
final class ColdStart {
    static final String SDK_LOADED = "--sdk-loaded";

    private ColdStart() {
    }

    /**
     * With {@value #SDK_LOADED}: builds one SDK item of every shape the benchmark item has before the
     * clock starts, so that what is timed is the mapper's own start-up and not the loading of the SDK's
     * model classes, which every mapper and the hand-written code pay alike.
     */
    static void loadSdkWhenAsked(String[] args) {
        if (args.length == 0 || !args[0].equals(SDK_LOADED)) {
            return;
        }
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("s", AttributeValue.fromS("s"));
        item.put("n", AttributeValue.fromN("1"));
        item.put("bool", AttributeValue.fromBool(true));
        item.put("l", AttributeValue.fromL(List.of(AttributeValue.fromS("e"))));
        item.put("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("v"))));
        if (item.get("m").m().get("k").s().isEmpty() || item.get("l").l().isEmpty()) {
            throw new IllegalStateException("the SDK built an item that differs from what was given: " + item);
        }
    }
}
