package dev.singletable.lambda;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A Lambda context whose logger keeps the lines written to it. */
final class RecordingContext implements Context {
    final List<String> logged = new ArrayList<>();

    private final LambdaLogger logger = new LambdaLogger() {
        @Override
        public void log(String message) {
            logged.add(message);
        }

        @Override
        public void log(byte[] message) {
            logged.add(new String(message, StandardCharsets.UTF_8));
        }
    };

    @Override
    public String getAwsRequestId() {
        return "request-1";
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/test";
    }

    @Override
    public String getLogStreamName() {
        return "test";
    }

    @Override
    public String getFunctionName() {
        return "test";
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:eu-west-1:123456789012:function:test";
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return 60_000;
    }

    @Override
    public int getMemoryLimitInMB() {
        return 512;
    }

    @Override
    public LambdaLogger getLogger() {
        return logger;
    }
}
