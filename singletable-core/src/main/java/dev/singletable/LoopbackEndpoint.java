package dev.singletable;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether an endpoint is an engine on this machine: its host is {@code localhost}, an IPv4 address in 127.0.0.0/8 or
 * the IPv6 loopback {@code [::1]}. Only literal addresses count: a host name other than {@code localhost} is never
 * looked up (a DNS answer is someone else's word, and a lookup costs time), so it is not on this machine.
 * It is the test a table applies before it signs cursors with the published default key (refused at any other
 * endpoint: give {@code Table.Builder.cursorKey}), and the one singletable-local and the Spring starter apply before they
 * give a local engine dummy credentials; an application that builds its own client for a local engine can ask it too.
 *
 * <pre>{@code
 * LoopbackEndpoint.isLoopback(URI.create("http://127.0.0.1:8000"));                    // true
 * LoopbackEndpoint.isLoopback(URI.create("https://dynamodb.eu-west-1.amazonaws.com")); // false
 * }</pre>
 */
@Experimental
public final class LoopbackEndpoint {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private LoopbackEndpoint() {
    }

    /**
     * @param endpoint an engine's URL, such as {@code http://localhost:8000}; one without a host (no scheme, such as
     *     {@code localhost:8000}) is not on this machine
     * @return whether its host is a loopback address, whatever the scheme
     */
    public static boolean isLoopback(URI endpoint) {
        NullArgumentException.check("LoopbackEndpoint.isLoopback", "endpoint", endpoint);
        String host = endpoint.getHost();
        if (host == null) {
            return false;
        }
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        Matcher ipv4 = IPV4.matcher(host);
        if (ipv4.matches()) {
            for (int octet = 1; octet <= 4; octet++) {
                if (Integer.parseInt(ipv4.group(octet)) > 255) {
                    return false;
                }
            }
            return ipv4.group(1).equals("127");
        }
        if (host.startsWith("[")) {
            try {
                // a bracketed literal is parsed, never looked up: one that is not an IPv6 address fails instead
                return InetAddress.getByName(host).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return false;
    }
}
